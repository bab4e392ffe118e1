/**
 * The only script public pages load (src/platform/server/lean-page.ts explains why): it adds the menu
 * button, the video button, the forms' in-place answers, the booking page's time zones and the blog's
 * image fallback to the HTML the server rendered. Every page works without it.
 */
import { enhanceForms } from './forms'
import { enhanceImages } from './images'
import { enhanceNav } from './nav'
import { enhanceSlotPickers } from './slot-picker'
import { enhanceVideo } from './video'

enhanceNav()
enhanceVideo()
enhanceImages()
enhanceSlotPickers()
enhanceForms()
