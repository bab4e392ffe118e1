/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
/*
 * Changed from Payload's generated file: with Cache Components on (for the public site), Next prerenders a
 * static shell of the admin and the client router reuses it, so after "Create first user" or a login the
 * screen stayed put until a reload, and Payload's authenticate logged "new Date() while prerendering".
 * The admin is per user and per request: `await connection()` makes every admin render dynamic (upstream:
 * payload PR #16020, payload issue #18065). Keep this when regenerating.
 */
import type { Metadata } from 'next'
import { connection } from 'next/server'

import config from '@payload-config'
import { RootPage, generatePageMetadata } from '@payloadcms/next/views'
import { importMap } from '../importMap'

type Args = {
  params: Promise<{
    segments: string[]
  }>
  searchParams: Promise<{
    [key: string]: string | string[]
  }>
}

export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams })

const Page = async ({ params, searchParams }: Args) => {
  await connection()
  return RootPage({ config, params, searchParams, importMap })
}

export default Page
