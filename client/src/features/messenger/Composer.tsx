import { Box, Button, CloseButton, Flex, HStack, IconButton, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Contact, Paperclip, SendHorizontal, Smile } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ContactPicker } from './ContactPicker';
import { EmojiPanel } from './EmojiPanel';
import { formatFileSize } from './fileSize';

/** The attach, contact and emoji buttons: smaller on a phone. */
const TOOL_BUTTON = { variant: 'ghost', size: { base: 'sm', md: 'md' } } as const;

/** The picker's filter (spec section 2): the server checks every file by its content anyway. */
const ACCEPTED = 'image/*,video/*,audio/*,.pdf,.doc,.docx,.txt,.zip,.rar';

/** How often a typing signal is repeated while typing goes on. */
const TYPING_SIGNAL_MS = 3_000;

/**
 * The chat input bar: Enter sends, Shift+Enter makes a new line; a message needs text or a file.
 * `onTyping(true)` is signalled while the text changes, `onTyping(false)` when it is sent or emptied.
 */
export function Composer({
  onSend,
  onSendContact,
  onTyping,
  sending,
}: {
  onSend: (text: string, files: File[]) => Promise<boolean>;
  /** Sends a contact card (the contact picker's choice: one's own or a contact's). */
  onSendContact: (contactId: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
  sending: boolean;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [contactsOpen, setContactsOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const lastSignal = useRef(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const empty = !text.trim() && files.length === 0;

  const change = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastSignal.current > TYPING_SIGNAL_MS) {
      lastSignal.current = now;
      onTyping(true);
    } else if (!value.trim() && lastSignal.current) {
      lastSignal.current = 0;
      onTyping(false);
    }
  };

  const send = async () => {
    if (empty || sending) return;
    // Closed when the member sends, not when the server answers: a panel opened again meanwhile stays open.
    setEmojiOpen(false);
    if (await onSend(text, files)) {
      setText('');
      setFiles([]);
      if (lastSignal.current) onTyping(false);
      lastSignal.current = 0;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const insertEmoji = (emoji: string) => {
    const input = area.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    change(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <Box position="relative">
      {emojiOpen && (
        <Box position="absolute" bottom="100%" mb="2" left="0" zIndex="dropdown">
          <EmojiPanel onPick={insertEmoji} />
        </Box>
      )}
      {contactsOpen && (
        <Box position="absolute" bottom="100%" mb="2" left="0" zIndex="dropdown">
          <ContactPicker
            onPick={(contact) => {
              setContactsOpen(false);
              if (!sending) void onSendContact(contact.id);
            }}
          />
        </Box>
      )}
      {files.length > 0 && (
        <HStack wrap="wrap" gap="2" mb="2" data-testid="chosen-files">
          {files.map((file, index) => (
            <HStack
              key={`${file.name}-${index}`}
              borderWidth="1px"
              rounded="md"
              pl="2"
              gap="1"
              fontSize="sm"
              data-testid="chosen-file"
            >
              <Text>
                {file.name} ({formatFileSize(file.size)})
              </Text>
              <CloseButton
                size="2xs"
                aria-label={t`Убрать файл`}
                onClick={() => setFiles((all) => all.filter((_, i) => i !== index))}
              />
            </HStack>
          ))}
        </HStack>
      )}
      {/* On a phone the tools are smaller and closer, so the text keeps more than half the width. */}
      <Flex gap={{ base: '1', md: '2' }} align="flex-end">
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPTED}
          hidden
          data-testid="attach-input"
          onChange={(event) => {
            const chosen = [...(event.currentTarget.files ?? [])];
            setFiles((all) => [...all, ...chosen]);
            event.currentTarget.value = '';
          }}
        />
        <IconButton
          {...TOOL_BUTTON}
          aria-label={t`Прикрепить файл`}
          onClick={() => picker.current?.click()}
          data-testid="attach-button"
        >
          <Paperclip />
        </IconButton>
        <IconButton
          {...TOOL_BUTTON}
          aria-label={t`Отправить контакт`}
          aria-expanded={contactsOpen}
          onClick={() => {
            setEmojiOpen(false);
            setContactsOpen((open) => !open);
          }}
          data-testid="contact-picker-toggle"
        >
          <Contact />
        </IconButton>
        <IconButton
          {...TOOL_BUTTON}
          aria-label={t`Эмодзи`}
          aria-expanded={emojiOpen}
          onClick={() => {
            setContactsOpen(false);
            setEmojiOpen((open) => !open);
          }}
          data-testid="emoji-toggle"
        >
          <Smile />
        </IconButton>
        <Textarea
          ref={area}
          value={text}
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={t`Напишите сообщение…`}
          aria-label={t`Сообщение`}
          autoresize
          maxH="40"
          rows={1}
          flex="1"
          minW="0"
          data-testid="message-input"
        />
        {/* On a phone the button is its icon, so the text takes the width. */}
        <Button
          colorPalette="brand"
          onClick={() => void send()}
          loading={sending}
          disabled={empty}
          aria-label={t`Отправить`}
          px={{ base: '3', md: '4' }}
          data-testid="send-message"
        >
          <SendHorizontal />
          <Box as="span" hideBelow="md">
            {t`Отправить`}
          </Box>
        </Button>
      </Flex>
    </Box>
  );
}
