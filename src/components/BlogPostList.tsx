import { Suspense } from 'react'

import { getBlogPosts } from '@/content/lists'
import { BlogImage } from './BlogImage'
import { ListLoading, ListView } from './ListView'

async function BlogPosts({ limit, headingLevel }: { limit?: number; headingLevel: 'h2' | 'h3' }) {
  const state = await getBlogPosts()
  const Heading = headingLevel
  return (
    <ListView list="blogs" state={state}>
      {(items) => (
        <ul className="card-grid" data-list="blogs">
          {items.slice(0, limit).map((post) => (
            <li key={post.id} className="card blog-card">
              <BlogImage src={post.image} alt={post.imageAlt} />
              <div className="card__body">
                <Heading className="card__title">{post.title}</Heading>
                <p>{post.excerpt}</p>
                <a className="button button--text" href={post.externalLink} target="_blank" rel="noopener noreferrer">
                  Read More<span className="visually-hidden">: {post.title} (opens in a new tab)</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListView>
  )
}

/** Blog post cards: all of them on /blog, the first few as Featured Posts on the home page. */
export function BlogPostList({ limit, headingLevel = 'h2' }: { limit?: number; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Suspense fallback={<ListLoading list="blogs" />}>
      <BlogPosts limit={limit} headingLevel={headingLevel} />
    </Suspense>
  )
}
