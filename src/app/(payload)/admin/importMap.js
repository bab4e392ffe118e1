import { SubscribersExportLink as SubscribersExportLink_953161306e6fc1e8598844bd2c61d6ee } from '@/cms/components/SubscribersExportLink'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@/cms/components/SubscribersExportLink#SubscribersExportLink": SubscribersExportLink_953161306e6fc1e8598844bd2c61d6ee,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
