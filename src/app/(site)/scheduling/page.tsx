import { DiscoveryCall } from '@/components/DiscoveryCall'
import { DISCOVERY_CALL } from '@/domain/business'
import { pageMetadata } from '@/domain/seo'

export const metadata = pageMetadata({
  title: 'Book a Discovery Call',
  description: `Book a free discovery call of about ${DISCOVERY_CALL.minutes} minutes to talk about your goals and how coaching can help.`,
  path: '/scheduling',
})

export default function SchedulingPage() {
  return <DiscoveryCall headingLevel="h1" onSchedulingPage />
}
