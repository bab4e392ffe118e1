/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
/*
 * Changed from Payload's generated file: with Cache Components on (for the public site), Next prerenders a
 * static shell of the admin and the client router reuses it, so after "Create first user" or a login the
 * screen stayed put until a reload, and Payload's authenticate logged "new Date() while prerendering".
 * The admin is per user and per request: `await connection()` makes every admin render dynamic (upstream:
 * payload PR #16020, payload issue #18065). Keep this when regenerating.
 */
import config from '@payload-config'
import '@payloadcms/next/css'
import type { ServerFunctionClient } from 'payload'
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts'
import { connection } from 'next/server'
import React from 'react'

import { importMap } from './admin/importMap.js'

type Args = {
  children: React.ReactNode
}

const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  return handleServerFunctions({
    ...args,
    config,
    importMap,
  })
}

// A blocking route: the admin has no static shell to show before its data (it needs the login).
export const instant = false

const Layout = async ({ children }: Args) => {
  await connection()
  return (
    <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
      {children}
    </RootLayout>
  )
}

export default Layout
