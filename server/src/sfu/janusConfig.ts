import fs from 'node:fs';
import path from 'node:path';

/** What our Janus needs to know; everything else in its configuration is fixed below. */
export type JanusSettings = {
  /** The WebSocket API's port; `host` is where it listens (127.0.0.1 when we run Janus ourselves). */
  port: number;
  host: string;
  /** Required to create rooms and forward RTP; also every room's secret (see janusGateway.ts). */
  adminKey: string;
  /** UDP ports Janus may use for media, `min-max`. */
  rtpPorts: string;
  /** Only these interfaces (comma-separated, partial names allowed) are used for ICE candidates. */
  iceInterfaces?: string;
};

// Janus loads every plugin, transport, event handler and logger it finds in its folders unless told
// not to. We use the VideoRoom plugin over the WebSocket transport only: the rest would be surface
// (the HTTP transport listens on every address by default) and memory for nothing.
const UNUSED_PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
];
const UNUSED_TRANSPORTS = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'];
const UNUSED_EVENT_HANDLERS = ['gelfevh', 'mqttevh', 'nanomsgevh', 'rabbitmqevh', 'sampleevh', 'wsevh'];
const UNUSED_LOGGERS = ['jsonlog'];
const libraries = (names: string[]) => names.map((name) => `libjanus_${name}.so`).join(',');

/** A jcfg (libconfig) string: quoted, with backslashes and quotes escaped. */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * docker-compose's Janus (deploy/janus/): listening on its container's every address (the compose
 * network only: the port is not published), the admin key filled in by its entrypoint.
 */
export const COMPOSE_JANUS_SETTINGS: JanusSettings = {
  port: 8188,
  host: '0.0.0.0',
  adminKey: '@JANUS_ADMIN_KEY@',
  rtpPorts: '20000-20200',
};

/** The three files Janus reads (`janus -F <folder>`), by name. */
export function janusConfigFiles(settings: JanusSettings): Record<string, string> {
  return {
    'janus.jcfg': `# Made by server/src/sfu/janusConfig.ts: the server writes it at each start of the Janus it runs
# (edits there are lost); deploy/janus/ holds the same for docker-compose (tests compare them).
general: {
  # 4 = informational; our log shows Janus's errors and warnings, the rest at debug level.
  debug_level = 4
  debug_colors = false
  server_name = "LinkUp SFU"
  # Sessions without a keep-alive (a closed browser tab) go after a minute.
  session_timeout = 60
  # The info request (browsers reach the API through /janus) need not list library versions.
  hide_dependencies = true
}
media: {
  rtp_port_range = ${quoted(settings.rtpPorts)}
}
nat: {
  nice_debug = false
${settings.iceInterfaces ? `  ice_enforce_list = ${quoted(settings.iceInterfaces)}\n` : ''}}
plugins: {
  disable = ${quoted(libraries(UNUSED_PLUGINS))}
}
transports: {
  disable = ${quoted(libraries(UNUSED_TRANSPORTS))}
}
events: {
  broadcast = false
  disable = ${quoted(libraries(UNUSED_EVENT_HANDLERS))}
}
loggers: {
  disable = ${quoted(libraries(UNUSED_LOGGERS))}
}
`,
    'janus.plugin.videoroom.jcfg': `# Rooms are created by the LinkUp server only (admin_key), named by our room ids (string_ids).
general: {
  admin_key = ${quoted(settings.adminKey)}
  lock_rtp_forward = true
  string_ids = true
  events = false
}
`,
    'janus.transport.websockets.jcfg': `general: {
  json = "compact"
  ws = true
  ws_port = ${settings.port}
  ws_ip = ${quoted(settings.host)}
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
  };
}

/** Writes the configuration into `folder` (created, readable by us only: it holds the admin key). */
export function writeJanusConfig(folder: string, settings: JanusSettings): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  for (const [name, text] of Object.entries(janusConfigFiles(settings))) {
    fs.writeFileSync(path.join(folder, name), text, { mode: 0o600 });
  }
}
