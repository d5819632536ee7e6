import { Box, Button, Flex, IconButton, Textarea } from '@chakra-ui/react'
import { useLingui } from '@lingui/react/macro'
import { SendHorizontal, Smile } from 'lucide-react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { EmojiPanel } from './EmojiPanel'

/** How often a typing signal is repeated while typing goes on. */
const TYPING_SIGNAL_MS = 3_000

/**
 * The chat input bar: Enter sends, Shift+Enter makes a new line, blank text is not sent.
 * `onTyping(true)` is signalled while the text changes, `onTyping(false)` when it is sent or emptied.
 */
export function Composer({
  onSend,
  onTyping,
  sending,
}: {
  onSend: (text: string) => Promise<boolean>
  onTyping: (typing: boolean) => void
  sending: boolean
}) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [emojiOpen, setEmojiOpen] = useState(false)
  const lastSignal = useRef(0)
  const area = useRef<HTMLTextAreaElement>(null)

  const change = (value: string) => {
    setText(value)
    const now = Date.now()
    if (value.trim() && now - lastSignal.current > TYPING_SIGNAL_MS) {
      lastSignal.current = now
      onTyping(true)
    } else if (!value.trim() && lastSignal.current) {
      lastSignal.current = 0
      onTyping(false)
    }
  }

  const send = async () => {
    if (!text.trim() || sending) return
    if (await onSend(text)) {
      setText('')
      setEmojiOpen(false)
      if (lastSignal.current) onTyping(false)
      lastSignal.current = 0
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  const insertEmoji = (emoji: string) => {
    const input = area.current
    const start = input?.selectionStart ?? text.length
    const end = input?.selectionEnd ?? text.length
    change(text.slice(0, start) + emoji + text.slice(end))
    requestAnimationFrame(() => {
      input?.focus()
      input?.setSelectionRange(start + emoji.length, start + emoji.length)
    })
  }

  return (
    <Box position="relative">
      {emojiOpen && (
        <Box position="absolute" bottom="100%" mb="2" left="0" zIndex="dropdown">
          <EmojiPanel onPick={insertEmoji} />
        </Box>
      )}
      <Flex gap="2" align="flex-end">
        <IconButton
          variant="ghost"
          aria-label={t`Эмодзи`}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((open) => !open)}
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
          data-testid="message-input"
        />
        <Button colorPalette="blue" onClick={() => void send()} loading={sending} disabled={!text.trim()} data-testid="send-message">
          <SendHorizontal />
          {t`Отправить`}
        </Button>
      </Flex>
    </Box>
  )
}
