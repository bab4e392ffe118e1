import { getBlogPosts } from '@/features/content/lists'
import { BlogImage } from './BlogImage'
import { Card } from '@/components/Card'
import { ExternalLink } from '@/components/ExternalLink'
import { ListView } from '@/components/ListView'

/** Blog post cards: all of them on /blog, the first few as Featured Posts on the home page. */
export function BlogPostList({ limit, headingLevel = 'h2' }: { limit?: number; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ListView list="blogs" read={getBlogPosts}>
      {(items) => (
        <ul className="card-grid" data-list="blogs">
          {items.slice(0, limit).map((post) => (
            <Card
              key={post.id}
              variant="blog-card"
              title={post.title}
              headingLevel={headingLevel}
              media={<BlogImage src={post.image} alt={post.imageAlt} />}
            >
              <p>{post.excerpt}</p>
              <ExternalLink className="button button--text" href={post.externalLink} detail={<>: {post.title}</>}>
                Read More
              </ExternalLink>
            </Card>
          ))}
        </ul>
      )}
    </ListView>
  )
}
