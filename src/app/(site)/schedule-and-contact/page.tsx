import { ContactForm } from '@/components/ContactForm'
import { DiscoveryCall } from '@/components/DiscoveryCall'
import { FaqList } from '@/components/FaqList'
import { PageIntro } from '@/components/PageIntro'
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
      <section className="section section--tinted" aria-labelledby="contact-heading">
        <div className="container container--narrow">
          <h2 id="contact-heading">Send a Message</h2>
          <p>I reply to every message within {CONTACT_REPLY_TIME}.</p>
          <ContactForm />
        </div>
      </section>
    </>
  )
}
