import { NotReadyNote, notReadyId } from './ready/not-ready'

/**
 * The about page's intro video. Nothing is requested from the video host until the visitor presses play;
 * then src/browser/video.ts puts the player from YouTube's privacy-enhanced host in the poster's place.
 */
export function IntroVideo({ videoId, title }: { videoId: string; title: string }) {
  return (
    <div className="video-frame video-frame--poster" data-video-id={videoId} data-video-title={title}>
      {/* Disabled until src/browser/video.ts makes it work: a press before would play nothing. */}
      <button type="button" className="video-play" disabled aria-describedby={notReadyId(`video-${videoId}`)}>
        <span className="video-play__icon" aria-hidden="true" />
        <span>Play video: {title}</span>
      </button>
      <NotReadyNote id={notReadyId(`video-${videoId}`)} />
      <p className="video-note">Playing loads the player from youtube-nocookie.com.</p>
    </div>
  )
}
