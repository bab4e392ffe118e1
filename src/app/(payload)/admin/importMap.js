import { CallListViews as CallListViews_f4423b28eab15eb5c6eac8ad2a6d4d33 } from '@/features/booking/CallListViews'
import { SubscribersExportLink as SubscribersExportLink_bd1849d97e5dea009bbf42bd785c280a } from '@/features/newsletter/SubscribersExportLink'
import { FeedAddress as FeedAddress_c2810397f4b7cca404f16caafe6594e1 } from '@/features/booking/FeedAddress'
import { AdminIcon as AdminIcon_c62a8ddf806b50269f27edd36f6a1e68 } from '@/cms/components/AdminBrand'
import { AdminLogo as AdminLogo_c62a8ddf806b50269f27edd36f6a1e68 } from '@/cms/components/AdminBrand'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@/features/booking/CallListViews#CallListViews": CallListViews_f4423b28eab15eb5c6eac8ad2a6d4d33,
  "@/features/newsletter/SubscribersExportLink#SubscribersExportLink": SubscribersExportLink_bd1849d97e5dea009bbf42bd785c280a,
  "@/features/booking/FeedAddress#FeedAddress": FeedAddress_c2810397f4b7cca404f16caafe6594e1,
  "@/cms/components/AdminBrand#AdminIcon": AdminIcon_c62a8ddf806b50269f27edd36f6a1e68,
  "@/cms/components/AdminBrand#AdminLogo": AdminLogo_c62a8ddf806b50269f27edd36f6a1e68,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
