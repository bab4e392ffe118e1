import type { Metadata } from 'next'
import { BlogPostList } from '@/features/content/components/BlogPostList'
import { PageIntro } from '@/components/PageIntro'
import { sitePageMetadata } from '@/features/pages/metadata'

export const generateMetadata = (): Promise<Metadata> =>
  sitePageMetadata({
    title: 'My Blog',
    description: 'Articles on habits, boundaries, career change and rest, with exercises you can try today.',
    path: '/blog',
  })

export default function BlogPage() {
  return (
    <>
      <PageIntro title="My Blog">
        <p className="lead">Short, practical reads on growth, habits and the courage to change.</p>
      </PageIntro>
      <section className="section" aria-label="Blog posts">
        <div className="container">
          <BlogPostList />
        </div>
      </section>
    </>
  )
}
