/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
/*
 * Changed from Payload's generated file: the admin is rendered per request (`await connection()`, see
 * ./admin-view.ts for why), and what this file shares with page.tsx (the arguments, generateMetadata, the
 * render) is in ./admin-view.ts. Keep this when regenerating.
 */
import { NotFoundPage } from '@payloadcms/next/views'

import { adminView } from './admin-view'

export { generateMetadata } from './admin-view'

const NotFound = adminView(NotFoundPage)

export default NotFound
