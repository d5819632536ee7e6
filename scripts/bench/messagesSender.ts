/**
 * The sending member of scripts/bench/messages.ts, in its own process like a real client: posts
 * `sendMessage` mutations over HTTP. Each message's text is `<key>:<send time>`, the time taken
 * just before the request, so the receivers measure send-to-arrival.
 * Commands over IPC: {type:'send', key} answers {type:'sent'} once the server has answered;
 * {type:'burst', keys, inFlight} sends them all with up to `inFlight` requests open at once.
 */
type Setup = { url: string; token: string; conversationId: string };
let setup: Setup;
const now = () => performance.timeOrigin + performance.now();

async function send(key: string) {
  const response = await fetch(`${setup.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.token}` },
    body: JSON.stringify({
      query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }',
      variables: { input: { conversationId: setup.conversationId, content: `${key}:${now()}` } },
    }),
  });
  const body = await response.json();
  if (body.data?.sendMessage?.__typename !== 'SendMessageSuccess') throw new Error(JSON.stringify(body));
}

process.on('message', async (message: { type: string; key?: string; keys?: string[]; inFlight?: number } & Partial<Setup>) => {
  if (message.type === 'setup') {
    setup = message as Setup;
    process.send!({ type: 'ready' });
  } else if (message.type === 'send') {
    await send(message.key!);
    process.send!({ type: 'sent' });
  } else if (message.type === 'burst') {
    const queue = [...message.keys!];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await send(key);
    };
    await Promise.all(Array.from({ length: message.inFlight! }, worker));
    process.send!({ type: 'sent' });
  }
});
