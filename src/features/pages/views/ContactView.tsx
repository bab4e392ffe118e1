import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { DiscoveryCall } from '@/features/booking/DiscoveryCall'
import { ContactForm } from '@/features/contact/ContactForm'
import { FaqList } from '@/features/content/components/FaqList'
import type { PageCopy } from '../defaults'

/** The schedule-and-contact page's body, from its copy (published, or the latest draft in the preview). */
export function ContactView({ copy }: { copy: PageCopy<'contact'> }) {
  return (
    <>
      <PageIntro title="Schedule a Call or Reach Us">
        <p className="lead">{copy.intro}</p>
      </PageIntro>
      <DiscoveryCall />
      <FaqList page="contact" />
      <PageSection id="contact-heading" heading="Send a Message" tone="tinted" narrow>
        <p>I reply to every message within {copy.replyTime}.</p>
        <ContactForm />
      </PageSection>
    </>
  )
}
