import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, List, ListOrdered, Quote, Redo, Undo } from 'lucide-react';

/**
 * The content editor (TipTap): paragraphs, headings, lists, quotes and marks, as HTML. The server
 * sanitises what it receives to the same set of tags, so what is shown is what was edited.
 */
export function RichTextEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const { t } = useLingui();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const tools = [
    { key: 'bold', label: t`Жирный`, icon: <Bold />, on: active.bold, run: () => editor.chain().focus().toggleBold().run() },
    {
      key: 'italic',
      label: t`Курсив`,
      icon: <Italic />,
      on: active.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'heading',
      label: t`Заголовок`,
      icon: <Heading2 />,
      on: active.heading,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'bullet',
      label: t`Маркированный список`,
      icon: <List />,
      on: active.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: t`Нумерованный список`,
      icon: <ListOrdered />,
      on: active.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'quote',
      label: t`Цитата`,
      icon: <Quote />,
      on: active.quote,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    { key: 'undo', label: t`Отменить`, icon: <Undo />, on: false, run: () => editor.chain().focus().undo().run() },
    { key: 'redo', label: t`Повторить`, icon: <Redo />, on: false, run: () => editor.chain().focus().redo().run() },
  ];
  return (
    <Box borderWidth="1px" rounded="md" bg="bg" data-testid="rich-text-editor">
      <HStack gap="1" p="1" borderBottomWidth="1px" flexWrap="wrap">
        {tools.map((tool) => (
          <IconButton
            key={tool.key}
            size="xs"
            variant={tool.on ? 'solid' : 'ghost'}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.on}
            // The editor keeps its focus and selection: a blur and refocus lets the browser's late
            // selectionchange replace ProseMirror's selection, which drops a mark just toggled on.
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
          >
            {tool.icon}
          </IconButton>
        ))}
      </HStack>
      <Box
        px="3"
        py="2"
        css={{
          '& .ProseMirror': { minHeight: '10rem', outline: 'none' },
          '& .ProseMirror > * + *': { marginTop: '0.5em' },
          '& .ProseMirror ul, & .ProseMirror ol': { paddingInlineStart: '1.5em' },
          '& .ProseMirror ul': { listStyleType: 'disc' },
          '& .ProseMirror ol': { listStyleType: 'decimal' },
          '& .ProseMirror h2': { fontSize: 'xl', fontWeight: 'semibold' },
          '& .ProseMirror blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.75em', color: 'fg.muted' },
        }}
      >
        <EditorContent editor={editor} data-testid="content-editor" />
      </Box>
    </Box>
  );
}
