import type { CollectionConfig, PayloadRequest } from 'payload'

import { brandFrom, siteUrl } from '@/domain/brand'
import { passwordResetMail } from '@/features/accounts/password-reset-mail'

import { admins, adminsFieldLevel, adminsOrSelf } from '@/cms/access'

const siteUrlText = () => siteUrl().toString().replace(/\/$/, '')

/** The site's name from Site settings, read inside the reset's own transaction (its `req`). */
const siteName = async (req?: PayloadRequest) => {
  const settings = req ? await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req }).catch(() => null) : null
  return brandFrom(settings?.brand).siteName
}

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'role'],
    group: 'Settings',
  },
  auth: {
    // Payload's defaults (5 attempts, 10 minutes) are stated here so a reader sees the policy.
    maxLoginAttempts: 5,
    lockTime: 10 * 60 * 1000,
    // The mail goes through the outbox (src/platform/mail/payload-email.ts), with a link to the site's public address.
    forgotPassword: {
      expiration: 60 * 60 * 1000,
      generateEmailSubject: async (args) => passwordResetMail('', siteUrlText(), await siteName(args?.req)).subject,
      generateEmailHTML: async (args) =>
        passwordResetMail(args?.token ?? '', siteUrlText(), await siteName(args?.req)).html,
    },
  },
  access: {
    admin: ({ req }) => Boolean(req.user),
    read: adminsOrSelf,
    // The first account (created at /admin on a fresh install) is allowed by Payload itself.
    create: admins,
    update: adminsOrSelf,
    delete: admins,
    // GHSA-jg8r-5jh2-v2xj: by default any logged-in user could unlock any account.
    unlock: admins,
  },
  hooks: {
    beforeChange: [
      async ({ data, operation, req }) => {
        // The very first account is the coach's and must be able to manage the others.
        if (operation === 'create') {
          const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
          if (totalDocs === 0) return { ...data, role: 'admin' }
        }
        return data
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', maxLength: 120 },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'editor',
      options: [
        { label: 'Admin (manages users)', value: 'admin' },
        { label: 'Editor (edits content)', value: 'editor' },
      ],
      admin: { description: 'The first account is always an admin. Only admins can change roles.' },
      access: { create: adminsFieldLevel, update: adminsFieldLevel },
      saveToJWT: true,
    },
  ],
}
