import type { CollectionConfig, GlobalConfig } from 'payload'

/** Payload's Save button, held back while the form's last change is being checked (issue 39). */
const READY_SAVE = '@/components/ready/ReadySaveButton#ReadySaveButton'

const drafts = (versions: CollectionConfig['versions'] | GlobalConfig['versions']) =>
  typeof versions === 'object' && Boolean(versions.drafts)

/** A collection's edit screen with the ready Save button (a collection with drafts has Publish instead). */
export function withReadySave(collection: CollectionConfig): CollectionConfig {
  const edit = collection.admin?.components?.edit
  if (drafts(collection.versions) || edit?.SaveButton) return collection
  return {
    ...collection,
    admin: {
      ...collection.admin,
      components: { ...collection.admin?.components, edit: { ...edit, SaveButton: READY_SAVE } },
    },
  }
}

/** A global's edit screen with the ready Save button (one with drafts has Publish instead). */
export function globalWithReadySave(global: GlobalConfig): GlobalConfig {
  const elements = global.admin?.components?.elements
  if (drafts(global.versions) || elements?.SaveButton) return global
  return {
    ...global,
    admin: {
      ...global.admin,
      components: { ...global.admin?.components, elements: { ...elements, SaveButton: READY_SAVE } },
    },
  }
}
