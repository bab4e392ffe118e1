import {
  BoldFeature,
  InlineToolbarFeature,
  ItalicFeature,
  lexicalEditor,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  UnorderedListFeature,
} from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type {
  ArrayField,
  Field,
  GlobalConfig,
  NumberField,
  RichTextField,
  SelectField,
  TextareaField,
  TextField,
  UploadField,
} from 'payload'

import { authenticated } from '@/platform/access'
import { revalidateGlobal } from '@/platform/cache/revalidate'
import { PAGE_COPY, PAGE_GLOBALS, SITE_PATHS, type PageCopy, type PageName } from './defaults'
import { isRichText } from './rich-text'
import { safeHref } from './safe-href'

/*
 * The field shapes of the page globals. Each limit keeps the layout intact and says so in the coach's terms.
 */

/**
 * One line of text, at most `max` characters; `defaultValue` is the built-in copy (a list's rows take theirs
 * from the list, so a row the coach adds starts empty).
 */
export const line = (
  name: string,
  label: string,
  max: number,
  { defaultValue, description }: { defaultValue?: string; description?: string } = {},
): TextField => ({
  name,
  label,
  type: 'text',
  required: true,
  maxLength: max,
  defaultValue,
  admin: { description: description ?? `At most ${max} characters.` },
})

/** A paragraph of plain text (no formatting), at most `max` characters. */
export const paragraph = (name: string, label: string, max: number, defaultValue?: string): TextareaField => ({
  name,
  label,
  type: 'textarea',
  required: true,
  maxLength: max,
  defaultValue,
  admin: { rows: 3, description: `At most ${max} characters.` },
})

/** The kinds of address a link may have: web, mail or phone, or a page of the site (see safeHref). */
export const linkAddress = (value: null | string | undefined) =>
  safeHref(value) !== null ||
  'Use a full address starting with https://, mailto: or tel:, or a page of this site such as /coaching.'

/** Links, their address checked as it is typed; none to documents (the pages' editor and the newsletter's). */
export const checkedLinks = () =>
  LinkFeature({
    enabledCollections: [],
    disableAutoLinks: true,
    fields: ({ defaultFields }) =>
      defaultFields.map((field) =>
        field.type === 'text' && field.name === 'url' ? ({ ...field, validate: linkAddress } as typeof field) : field,
      ),
  })

/**
 * The editor of the coach's rich text: paragraphs, bold, italic, lists and links (to web, mail or phone
 * addresses or the site's own paths), and nothing that could change the page around it. The site renders
 * it with RichCopy, which enforces the same set whatever a document holds.
 */
const editor = lexicalEditor({
  features: () => [
    ParagraphFeature(),
    BoldFeature(),
    ItalicFeature(),
    UnorderedListFeature(),
    OrderedListFeature(),
    checkedLinks(),
    InlineToolbarFeature(),
  ],
})

/** Formatted text (paragraphs, bold, italic, lists, links), starting with the built-in copy. */
export const richText = (name: string, label: string, defaultValue: SerializedEditorState): RichTextField => ({
  name,
  label,
  type: 'richText',
  required: true,
  editor,
  defaultValue,
  validate: (value: unknown) => isRichText(value) || 'Write something here; an empty section would leave a gap.',
})

/** A picture from the Images collection (which asks for its alternative text). */
export const picture = (name: string, label: string, description: string): UploadField => ({
  name,
  label,
  type: 'upload',
  relationTo: 'media',
  admin: { description },
})

/** Where a card or button leads: one of the site's own pages. */
export const sitePath = (name: string, label: string): SelectField => ({
  name,
  label,
  type: 'select',
  required: true,
  options: SITE_PATHS.map((p) => ({ label: `${p.label} (${p.value})`, value: p.value })),
})

/** A price in whole dollars. */
export const price = (name: string, label: string): NumberField => ({
  name,
  label,
  type: 'number',
  required: true,
  min: 0,
  max: 100_000,
  admin: { step: 1, description: 'In US dollars, a whole number (e.g. 150).' },
  validate: (value: null | number | undefined) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000
      ? true
      : 'A price is a whole number of dollars between 0 and 100000, e.g. 150.',
})

/**
 * A list on a page (cards, quotes, steps): from `min` to `max` rows of `fields`, starting as the built-in copy
 * has it (`defaultValue`; a nested list takes its rows from its parent's).
 */
export const rows = (
  name: string,
  label: string,
  [min, max]: [number, number],
  fields: Field[],
  { defaultValue, description }: { defaultValue?: ArrayField['defaultValue']; description?: string } = {},
): ArrayField => ({
  name,
  label,
  type: 'array',
  minRows: min,
  maxRows: max,
  ...(defaultValue === undefined ? {} : { defaultValue }),
  ...(description === undefined ? {} : { admin: { description } }),
  fields,
})

/** The page's title and description for search engines and link previews. */
export const seo = (
  defaults: { title: string; description: string },
  titleHelp = 'Shown before “| site name” in the browser tab and in search results. At most 60 characters.',
): Field => ({
  name: 'seo',
  label: 'Search engines and link previews',
  type: 'group',
  fields: [
    line('title', 'Title', 60, { defaultValue: defaults.title, description: titleHelp }),
    paragraph('description', 'Description', 160, defaults.description),
  ],
})

/**
 * A page's copy as a global in the admin's "Pages" group, its fields starting as the page's built-in copy: drafts and a preview of the real page before
 * anything goes live; publishing revalidates the page, so the next visitor sees it.
 */
export function pageGlobal<P extends PageName>(
  page: P,
  label: string,
  /** The fields, given the page's built-in copy for their defaults. */
  fields: (copy: PageCopy<P>) => Field[],
): GlobalConfig {
  return {
    slug: PAGE_GLOBALS[page],
    label,
    fields: fields(PAGE_COPY[page]),
    admin: {
      group: 'Pages',
      description: 'Save a draft and use Preview to see the page before anyone else does; Publish puts it live.',
      preview: () => `/preview/${page}`,
      components: {
        elements: {
          // "Live" / "Changes not published yet" instead of Draft / Published / Changed; Preview in words.
          Status: '@/features/pages/admin/PageStatus#PageStatus',
          PreviewButton: {
            path: '@/features/pages/admin/PreviewLink#PreviewLink',
            clientProps: { href: `/preview/${page}` },
          },
        },
      },
    },
    // Only the coach reads it through Payload; the site reads published copy on the server.
    access: { read: authenticated, update: authenticated, readVersions: authenticated },
    versions: { max: 20, drafts: true },
    // A draft changes nothing visitors see; publishing does.
    hooks: { afterChange: revalidateGlobal(`page-${page}`, (doc) => doc._status === 'published') },
  }
}
