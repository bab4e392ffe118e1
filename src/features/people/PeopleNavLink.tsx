import Link from 'next/link'

/** "People" at the top of the admin's navigation: everyone the site holds an address of (./PeopleView.tsx). */
export function PeopleNavLink() {
  return (
    <Link className="nav__link coach-admin" href="/admin/people" id="nav-people">
      <span className="nav__link-label">People</span>
    </Link>
  )
}
