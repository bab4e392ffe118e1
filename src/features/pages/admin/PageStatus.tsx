'use client'

import { useDocumentInfo } from '@payloadcms/ui'

import { pageStatusWords } from '../status'

/** A page's status beside its buttons: "Live" or "Changes not published yet" (Payload's own markup). */
export function PageStatus() {
  const { hasPublishedDoc, unpublishedVersionCount, versionCount } = useDocumentInfo()
  const words = pageStatusWords({ hasPublishedDoc, unpublishedVersionCount, versionCount })
  return (
    <div className="status coach-admin" title={`Status: ${words}`}>
      <div className="status__value-wrap">
        <span className="status__label">Status: </span>
        <span className="status__value" id="page-status">
          {words}
        </span>
      </div>
    </div>
  )
}
