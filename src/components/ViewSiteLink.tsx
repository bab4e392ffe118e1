/** "View site" under the admin's navigation: the public site, in a new tab so the admin stays open. */
export function ViewSiteLink() {
  return (
    <a className="nav__link coach-admin" href="/" target="_blank" rel="noopener" id="nav-view-site">
      <span className="nav__link-label">View site</span>
    </a>
  )
}
