import type { GlobalConfig } from 'payload'

import { anyone, authenticated } from '@/platform/access'
import { revalidateGlobal } from '@/platform/cache/revalidate'

/**
 * A global in the admin's "Settings" group that every public page shows (the announcement banner, the site
 * settings): anyone reads it, logged-in users edit it, and each save revalidates the pages showing it (its
 * slug is also its cache tag).
 */
export function settingsGlobal(
  slug: 'announcement' | 'site-settings',
  config: Pick<GlobalConfig, 'label' | 'fields'>,
): GlobalConfig {
  return {
    slug,
    ...config,
    admin: { group: 'Settings' },
    access: { read: anyone, update: authenticated },
    hooks: { afterChange: revalidateGlobal(slug) },
  }
}
