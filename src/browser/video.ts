import { h, ready } from './dom'

/**
 * The about page's intro video: nothing is requested from the video host until the visitor presses play;
 * then the poster is replaced by the player from YouTube's privacy-enhanced host (the only frame the
 * Content-Security-Policy allows). Markup: src/components/IntroVideo.tsx.
 */
export function enhanceVideo(): void {
  for (const poster of document.querySelectorAll<HTMLElement>('.video-frame--poster[data-video-id]')) {
    const button = poster.querySelector<HTMLButtonElement>('button.video-play')
    const id = poster.dataset.videoId ?? ''
    const title = poster.dataset.videoTitle ?? ''
    button?.addEventListener('click', () => {
      const player = h('iframe', {
        src: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`,
        title,
        allow: 'autoplay; encrypted-media; picture-in-picture',
        allowfullscreen: true,
        referrerpolicy: 'strict-origin-when-cross-origin',
      })
      poster.replaceWith(h('div', { class: 'video-frame' }, player))
    })
    if (button) ready(button)
  }
}
