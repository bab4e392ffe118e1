'use client'

/** A yes/no field in the admin's lists, in words ("Yes" / "No") instead of the framework's true/false. */
export function YesNoCell({ cellData }: { cellData?: unknown }) {
  return <span>{cellData === true ? 'Yes' : 'No'}</span>
}
