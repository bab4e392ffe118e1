import { IntroVideo } from '@/components/IntroVideo'
import { PageIntro } from '@/components/PageIntro'
import { PageSection } from '@/components/PageSection'
import { TestimonialList } from '@/features/content/components/TestimonialList'
import { brandImage } from '@/domain/brand'
import { getSiteSettings } from '@/features/site/site-settings'
import type { PageCopy } from '../defaults'
import { RichCopy } from '../RichCopy'

/** The about page's body, from its copy (published, or the latest draft in the coach's preview). */
export async function AboutView({ copy }: { copy: PageCopy<'about'> }) {
  const settings = await getSiteSettings()
  // The page's own portrait, else the one in Site settings → Brand, else the built-in drawing.
  const portrait = brandImage(copy.portrait) ?? settings.brand.portrait
  return (
    <>
      <PageIntro title={`About ${settings.brand.name}`}>
        <p className="lead">{copy.intro}</p>
      </PageIntro>
      <section className="section" aria-labelledby="journey-heading">
        <div className="container about-grid">
          <img
            className="portrait"
            src={portrait?.url ?? '/images/portrait.svg'}
            alt={portrait?.alt ?? `Portrait of ${settings.brand.name}`}
            width={portrait?.width ?? 480}
            height={portrait?.height ?? 600}
          />
          <div>
            <h2 id="journey-heading">My Journey</h2>
            <RichCopy data={copy.journey} />
            <h2>My Philosophy</h2>
            <RichCopy data={copy.philosophy} />
          </div>
        </div>
      </section>
      <PageSection id="credentials-heading" heading="Credentials" tone="tinted" narrow>
        <div className="credentials">
          <RichCopy data={copy.credentials} />
        </div>
      </PageSection>
      <PageSection id="video-heading" heading="A Short Introduction" narrow>
        <IntroVideo videoId={settings.introVideoId} title={copy.videoCaption} />
      </PageSection>
      <TestimonialList />
    </>
  )
}
