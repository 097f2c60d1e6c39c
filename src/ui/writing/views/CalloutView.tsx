import { NodeViewContent, NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiPicker } from './EmojiPicker';
import '../../../i18n/writing-strings';

/** The callout: click the emoji, the editor blurs and a picker opens; a pick sets the emoji and closes it. */
export function CalloutView({ node, updateAttributes, editor }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <NodeViewWrapper className="callout" data-type="callout" data-testid="callout">
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) editor.commands.blur();
          setOpen(next);
        }}
      >
        <Popover.Trigger
          className="callout-emoji"
          contentEditable={false}
          disabled={!editor.isEditable}
          aria-label={t('writing.chooseEmoji')}
          data-testid="callout-emoji"
        >
          {node.attrs.emoji}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="popover emoji-popover" side="bottom" align="start">
            <EmojiPicker
              onPick={(emoji) => {
                updateAttributes({ emoji });
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NodeViewContent className="callout-content" />
    </NodeViewWrapper>
  );
}
