import {
  BlocksFeature,
  BoldFeature,
  FixedToolbarFeature,
  HeadingFeature,
  HorizontalRuleFeature,
  InlineToolbarFeature,
  ItalicFeature,
  lexicalEditor,
  OrderedListFeature,
  ParagraphFeature,
  StrikethroughFeature,
  UnderlineFeature,
  UnorderedListFeature,
  UploadFeature,
} from '@payloadcms/richtext-lexical'
import type { Block, RichTextField } from 'payload'

import { checkedLinks, linkAddress } from '@/features/pages/fields'

/*
 * The editor of a newsletter issue's body. It offers what the mail renders (issue-mail.tsx) and nothing else:
 * a mail cannot carry the site's stylesheet or script, so every kind of node here has an e-mail-safe
 * converter there, and anything a document might hold beyond these renders as its text or not at all.
 */

/** A call to action: a link drawn as a button, for the one thing the issue asks the reader to do. */
const buttonBlock: Block = {
  slug: 'button',
  labels: { singular: 'Button', plural: 'Buttons' },
  fields: [
    {
      name: 'label',
      label: 'Label',
      type: 'text',
      required: true,
      maxLength: 60,
      admin: { description: 'What the button says, e.g. “Book a free call”. At most 60 characters.' },
    },
    {
      name: 'url',
      label: 'Address',
      type: 'text',
      required: true,
      validate: linkAddress,
      admin: { description: 'Where it leads: a full address (https://…) or a page of this site such as /coaching.' },
    },
  ],
}

export const issueEditor = lexicalEditor({
  features: () => [
    ParagraphFeature(),
    // The mail's own header stands above the issue, so its sections start at the second level.
    HeadingFeature({ enabledHeadingSizes: ['h2', 'h3'] }),
    BoldFeature(),
    ItalicFeature(),
    UnderlineFeature(),
    StrikethroughFeature(),
    UnorderedListFeature(),
    OrderedListFeature(),
    // No links to documents: a mail needs an address it can hold, not a reference the site resolves.
    checkedLinks(),
    // Images come from the Images collection, which asks for their alternative text; depth 1 is enough to
    // read the image's address and size when the issue is rendered.
    UploadFeature({ enabledCollections: ['media'], maxDepth: 1 }),
    HorizontalRuleFeature(),
    BlocksFeature({ blocks: [buttonBlock] }),
    // Images, rules and buttons are inserted from the toolbar (or by typing “/”), not from a text selection.
    FixedToolbarFeature(),
    InlineToolbarFeature(),
  ],
})

/**
 * A newsletter issue's body. Payload's own validation of the editor runs (no `validate` here): it refuses an
 * empty body and checks each link's and button's address with the rules above.
 */
export const issueBody = (name: string, label: string): RichTextField => ({
  name,
  label,
  type: 'richText',
  required: true,
  editor: issueEditor,
})
