/** The site's mark (also public/favicon.svg): on the site's header and footer, and in the admin. */
export function LogoMark({
  className,
  color = 'currentColor',
  size = 32,
}: {
  className?: string
  color?: string
  size?: number
}) {
  return (
    <svg className={className} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill={color} />
      <path d="M9 20c3-7 11-11 14-9-4 1-7 5-8 10" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  )
}
