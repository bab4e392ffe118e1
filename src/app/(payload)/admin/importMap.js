import { ZoneDateCell as ZoneDateCell_a63c97562f904ca50f46765d59560143 } from '@/features/booking/admin/ZoneDateCell'
import { ZoneNote as ZoneNote_a387aa97e5c9d6e37ea90b7e985841b7 } from '@/features/booking/admin/ZoneNote'
import { DateInZoneField as DateInZoneField_8d0ccd6a40f9f608e5cc0666471c2915 } from '@/features/booking/admin/DateInZoneField'
import { MoveCallField as MoveCallField_cce2a07a541dd1c5d92e504c05753a6f } from '@/features/booking/admin/MoveCallField'
import { PersonLink as PersonLink_88070f62a675d19bb89861d7f59ef7ff } from '@/features/people/PersonLink'
import { CallListViews as CallListViews_f4423b28eab15eb5c6eac8ad2a6d4d33 } from '@/features/booking/CallListViews'
import { UpcomingCalls as UpcomingCalls_952f69220fa2c60ea18689fca830ed60 } from '@/features/booking/UpcomingCalls'
import { SessionPanelField as SessionPanelField_dddbc795fd0a69bd5e647adb635a8928 } from '@/features/packages/admin/SessionPanelField'
import { ReadableField as ReadableField_4a815f5709e24aa387438f3792c4558c } from '@/features/contact/admin/ReadableField'
import { ReplyLink as ReplyLink_9c819c9cb1382647f09f789c30afe946 } from '@/features/contact/admin/ReplyLink'
import { YesNoCell as YesNoCell_b688112a38c8489d03dfcca8e2eb2bb0 } from '@/components/YesNoCell'
import { MarkHandled as MarkHandled_37fc3b3f2561bea48d9d5325f9fba23d } from '@/features/contact/admin/MarkHandled'
import { SubscriberRestore as SubscriberRestore_b3ce4e7d90dfac5a4620e1c6cb0a1f74 } from '@/features/newsletter/SubscriberRestore'
import { SubscribersExportLink as SubscribersExportLink_bd1849d97e5dea009bbf42bd785c280a } from '@/features/newsletter/SubscribersExportLink'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { FixedToolbarFeatureClient as FixedToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlocksFeatureClient as BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IssueActions as IssueActions_d8ce65fe56b2dfec1e8d33b8874d2a3f } from '@/features/newsletter/IssueActions'
import { DeliveryResend as DeliveryResend_d9bf6cbef003f3beeb4935533f8db66c } from '@/features/newsletter/DeliveryResend'
import { CoachCancels as CoachCancels_e14720e273232e46426a702f1a7d429d } from '@/features/workshops/admin/CoachCancels'
import { SeatPaid as SeatPaid_16cacf188fc88ff5ffdf0465db51201c } from '@/features/workshops/admin/SeatPaid'
import { RegistrationsExportLink as RegistrationsExportLink_d35aa66a517510c80d6e03b54b7e39bc } from '@/features/workshops/RegistrationsExportLink'
import { MarkPaid as MarkPaid_c1f50c5fe18010eb0f20cb3422580863 } from '@/features/packages/admin/MarkPaid'
import { RefundPayment as RefundPayment_5fad4cdaa8e4117c2436e5a9d5326e0a } from '@/features/packages/admin/RefundPayment'
import { IntakeAnswers as IntakeAnswers_4c4110f0f2154c6b4854d26d71bb179f } from '@/features/packages/admin/IntakeAnswers'
import { WorkshopRegistrationsLinks as WorkshopRegistrationsLinks_672464350b4a42b7694b8e95dfabda4b } from '@/features/workshops/WorkshopRegistrationsLinks'
import { CurrentPasswordField as CurrentPasswordField_1876e2f3001a69fd9df0cda16e2199a2 } from '@/features/accounts/CurrentPasswordField'
import { TwoStepLoginField as TwoStepLoginField_32862f4ed6e8af41ad9a02ce8b165b6d } from '@/features/accounts/TwoStepLoginField'
import { PreviewLink as PreviewLink_fd37cd071342bb5eada61875a2673c27 } from '@/features/pages/admin/PreviewLink'
import { PageStatus as PageStatus_5a92171e76fad6d7d211bc4700784a26 } from '@/features/pages/admin/PageStatus'
import { PriceMentions as PriceMentions_85e98a37235a82a68ba7971d72af4077 } from '@/features/pages/admin/PriceMentions'
import { TimeZoneField as TimeZoneField_f56a4b435a1079c8051942a5598ed98a } from '@/features/booking/admin/TimeZoneField'
import { FeedAddress as FeedAddress_c2810397f4b7cca404f16caafe6594e1 } from '@/features/booking/FeedAddress'
import { AdminNav as AdminNav_317c46719455dc9b9c7469af5f3cf08b } from '@/cms/admin/AdminNav'
import { AdminIcon as AdminIcon_5fee7b1d7887f8ee4c45775348e4cb18 } from '@/components/AdminBrand'
import { AdminLogo as AdminLogo_5fee7b1d7887f8ee4c45775348e4cb18 } from '@/components/AdminBrand'
import { ExportPanel as ExportPanel_713f7df3795580ac3822c69e0998be8d } from '@/features/export/ExportPanel'
import { ViewSiteLink as ViewSiteLink_8cfca38617de7eb0f5c45d860f429a5e } from '@/components/ViewSiteLink'
import { TodayView as TodayView_2ad09dc2fc4c09e96f6b27d744756e2f } from '@/features/today/TodayView'
import { PeopleNavLink as PeopleNavLink_2b0e8970a2793ca2dae14e2948f08128 } from '@/features/people/PeopleNavLink'
import { EnteredBeforeScripts as EnteredBeforeScripts_a4c1e24480c523deb790be8241c6dfbd } from '@/components/ready/EnteredBeforeScripts'
import { LoginView as LoginView_eb9b82c4199c464c06e4317d069ebe31 } from '@/features/accounts/LoginView'
import { PeopleView as PeopleView_32b05c4ebbdb40d6a5938e6b223be160 } from '@/features/people/PeopleView'
import { PersonView as PersonView_f7294fd742ac043ece63396bd84c2a4c } from '@/features/people/PersonView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@/features/booking/admin/ZoneDateCell#ZoneDateCell": ZoneDateCell_a63c97562f904ca50f46765d59560143,
  "@/features/booking/admin/ZoneNote#ZoneNote": ZoneNote_a387aa97e5c9d6e37ea90b7e985841b7,
  "@/features/booking/admin/DateInZoneField#DateInZoneField": DateInZoneField_8d0ccd6a40f9f608e5cc0666471c2915,
  "@/features/booking/admin/MoveCallField#MoveCallField": MoveCallField_cce2a07a541dd1c5d92e504c05753a6f,
  "@/features/people/PersonLink#PersonLink": PersonLink_88070f62a675d19bb89861d7f59ef7ff,
  "@/features/booking/CallListViews#CallListViews": CallListViews_f4423b28eab15eb5c6eac8ad2a6d4d33,
  "@/features/booking/UpcomingCalls#UpcomingCalls": UpcomingCalls_952f69220fa2c60ea18689fca830ed60,
  "@/features/packages/admin/SessionPanelField#SessionPanelField": SessionPanelField_dddbc795fd0a69bd5e647adb635a8928,
  "@/features/contact/admin/ReadableField#ReadableField": ReadableField_4a815f5709e24aa387438f3792c4558c,
  "@/features/contact/admin/ReplyLink#ReplyLink": ReplyLink_9c819c9cb1382647f09f789c30afe946,
  "@/components/YesNoCell#YesNoCell": YesNoCell_b688112a38c8489d03dfcca8e2eb2bb0,
  "@/features/contact/admin/MarkHandled#MarkHandled": MarkHandled_37fc3b3f2561bea48d9d5325f9fba23d,
  "@/features/newsletter/SubscriberRestore#SubscriberRestore": SubscriberRestore_b3ce4e7d90dfac5a4620e1c6cb0a1f74,
  "@/features/newsletter/SubscribersExportLink#SubscribersExportLink": SubscribersExportLink_bd1849d97e5dea009bbf42bd785c280a,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#FixedToolbarFeatureClient": FixedToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlocksFeatureClient": BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@/features/newsletter/IssueActions#IssueActions": IssueActions_d8ce65fe56b2dfec1e8d33b8874d2a3f,
  "@/features/newsletter/DeliveryResend#DeliveryResend": DeliveryResend_d9bf6cbef003f3beeb4935533f8db66c,
  "@/features/workshops/admin/CoachCancels#CoachCancels": CoachCancels_e14720e273232e46426a702f1a7d429d,
  "@/features/workshops/admin/SeatPaid#SeatPaid": SeatPaid_16cacf188fc88ff5ffdf0465db51201c,
  "@/features/workshops/RegistrationsExportLink#RegistrationsExportLink": RegistrationsExportLink_d35aa66a517510c80d6e03b54b7e39bc,
  "@/features/packages/admin/MarkPaid#MarkPaid": MarkPaid_c1f50c5fe18010eb0f20cb3422580863,
  "@/features/packages/admin/RefundPayment#RefundPayment": RefundPayment_5fad4cdaa8e4117c2436e5a9d5326e0a,
  "@/features/packages/admin/IntakeAnswers#IntakeAnswers": IntakeAnswers_4c4110f0f2154c6b4854d26d71bb179f,
  "@/features/workshops/WorkshopRegistrationsLinks#WorkshopRegistrationsLinks": WorkshopRegistrationsLinks_672464350b4a42b7694b8e95dfabda4b,
  "@/features/accounts/CurrentPasswordField#CurrentPasswordField": CurrentPasswordField_1876e2f3001a69fd9df0cda16e2199a2,
  "@/features/accounts/TwoStepLoginField#TwoStepLoginField": TwoStepLoginField_32862f4ed6e8af41ad9a02ce8b165b6d,
  "@/features/pages/admin/PreviewLink#PreviewLink": PreviewLink_fd37cd071342bb5eada61875a2673c27,
  "@/features/pages/admin/PageStatus#PageStatus": PageStatus_5a92171e76fad6d7d211bc4700784a26,
  "@/features/pages/admin/PriceMentions#PriceMentions": PriceMentions_85e98a37235a82a68ba7971d72af4077,
  "@/features/booking/admin/TimeZoneField#TimeZoneField": TimeZoneField_f56a4b435a1079c8051942a5598ed98a,
  "@/features/booking/FeedAddress#FeedAddress": FeedAddress_c2810397f4b7cca404f16caafe6594e1,
  "@/cms/admin/AdminNav#AdminNav": AdminNav_317c46719455dc9b9c7469af5f3cf08b,
  "@/components/AdminBrand#AdminIcon": AdminIcon_5fee7b1d7887f8ee4c45775348e4cb18,
  "@/components/AdminBrand#AdminLogo": AdminLogo_5fee7b1d7887f8ee4c45775348e4cb18,
  "@/features/export/ExportPanel#ExportPanel": ExportPanel_713f7df3795580ac3822c69e0998be8d,
  "@/components/ViewSiteLink#ViewSiteLink": ViewSiteLink_8cfca38617de7eb0f5c45d860f429a5e,
  "@/features/today/TodayView#TodayView": TodayView_2ad09dc2fc4c09e96f6b27d744756e2f,
  "@/features/people/PeopleNavLink#PeopleNavLink": PeopleNavLink_2b0e8970a2793ca2dae14e2948f08128,
  "@/components/ready/EnteredBeforeScripts#EnteredBeforeScripts": EnteredBeforeScripts_a4c1e24480c523deb790be8241c6dfbd,
  "@/features/accounts/LoginView#LoginView": LoginView_eb9b82c4199c464c06e4317d069ebe31,
  "@/features/people/PeopleView#PeopleView": PeopleView_32b05c4ebbdb40d6a5938e6b223be160,
  "@/features/people/PersonView#PersonView": PersonView_f7294fd742ac043ece63396bd84c2a4c,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
