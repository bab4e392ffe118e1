import { CallListViews as CallListViews_f4423b28eab15eb5c6eac8ad2a6d4d33 } from '@/features/booking/CallListViews'
import { SubscribersExportLink as SubscribersExportLink_bd1849d97e5dea009bbf42bd785c280a } from '@/features/newsletter/SubscribersExportLink'
import { CurrentPasswordField as CurrentPasswordField_1876e2f3001a69fd9df0cda16e2199a2 } from '@/features/accounts/CurrentPasswordField'
import { TwoStepLoginField as TwoStepLoginField_32862f4ed6e8af41ad9a02ce8b165b6d } from '@/features/accounts/TwoStepLoginField'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { FeedAddress as FeedAddress_c2810397f4b7cca404f16caafe6594e1 } from '@/features/booking/FeedAddress'
import { AdminIcon as AdminIcon_5fee7b1d7887f8ee4c45775348e4cb18 } from '@/components/AdminBrand'
import { AdminLogo as AdminLogo_5fee7b1d7887f8ee4c45775348e4cb18 } from '@/components/AdminBrand'
import { ExportPanel as ExportPanel_713f7df3795580ac3822c69e0998be8d } from '@/features/export/ExportPanel'
import { LoginView as LoginView_eb9b82c4199c464c06e4317d069ebe31 } from '@/features/accounts/LoginView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@/features/booking/CallListViews#CallListViews": CallListViews_f4423b28eab15eb5c6eac8ad2a6d4d33,
  "@/features/newsletter/SubscribersExportLink#SubscribersExportLink": SubscribersExportLink_bd1849d97e5dea009bbf42bd785c280a,
  "@/features/accounts/CurrentPasswordField#CurrentPasswordField": CurrentPasswordField_1876e2f3001a69fd9df0cda16e2199a2,
  "@/features/accounts/TwoStepLoginField#TwoStepLoginField": TwoStepLoginField_32862f4ed6e8af41ad9a02ce8b165b6d,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@/features/booking/FeedAddress#FeedAddress": FeedAddress_c2810397f4b7cca404f16caafe6594e1,
  "@/components/AdminBrand#AdminIcon": AdminIcon_5fee7b1d7887f8ee4c45775348e4cb18,
  "@/components/AdminBrand#AdminLogo": AdminLogo_5fee7b1d7887f8ee4c45775348e4cb18,
  "@/features/export/ExportPanel#ExportPanel": ExportPanel_713f7df3795580ac3822c69e0998be8d,
  "@/features/accounts/LoginView#LoginView": LoginView_eb9b82c4199c464c06e4317d069ebe31,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
