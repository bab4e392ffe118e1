'use client'

import { useState } from 'react'

/**
 * The about page's intro video. Nothing is requested from the video host until the visitor presses play;
 * the player then comes from YouTube's privacy-enhanced host.
 */
export function IntroVideo({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false)
  if (playing) {
    return (
      <div className="video-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    )
  }
  return (
    <div className="video-frame video-frame--poster">
      <button type="button" className="video-play" onClick={() => setPlaying(true)}>
        <span className="video-play__icon" aria-hidden="true" />
        <span>Play video: {title}</span>
      </button>
      <p className="video-note">Playing loads the player from youtube-nocookie.com.</p>
    </div>
  )
}
