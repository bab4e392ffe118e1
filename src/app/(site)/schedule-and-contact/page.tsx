import { ContactForm } from '@/features/contact/ContactForm'
import { DiscoveryCall } from '@/components/DiscoveryCall'
import { FaqList } from '@/features/content/components/FaqList'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { CONTACT_REPLY_TIME, DISCOVERY_CALL } from '@/domain/business'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'Schedule and Contact',
  description: `Book a free ${DISCOVERY_CALL.minutes}-minute discovery call or send a message. Replies within ${CONTACT_REPLY_TIME}.`,
  path: '/schedule-and-contact',
})

export default function ScheduleAndContactPage() {
  return (
    <>
      <PageIntro title="Schedule a Call or Reach Us">
        <p className="lead">Start with a free discovery call, or send a message about anything else.</p>
      </PageIntro>
      <DiscoveryCall />
      <FaqList page="contact" />
      <PageSection id="contact-heading" heading="Send a Message" tone="tinted" narrow>
        <p>I reply to every message within {CONTACT_REPLY_TIME}.</p>
        <ContactForm />
      </PageSection>
    </>
  )
}
