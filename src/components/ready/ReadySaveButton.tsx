'use client'

import {
  FormSubmit,
  useAllFormFields,
  useDocumentInfo,
  useEditDepth,
  useForm,
  useFormModified,
  useHotkey,
  useOperation,
  useTranslation,
} from '@payloadcms/ui'
import { useId, useRef } from 'react'

import { useFormChecks, valuesOf } from './FormChecks'
import { NotReadyNote, notReadyId } from './not-ready'

/**
 * Payload's Save button (its SaveButton, in its look, with its Ctrl/Cmd+S), except that it also waits, disabled
 * and described as "Loading…", while the form's last change has not been checked by the server yet (see
 * FormChecks): pressed then, Payload's own button refuses a value just corrected. Payload's FormSubmit already
 * holds it back while the form is drawn before its script runs, initialising or saving.
 */
export function ReadySaveButton({ label }: { label?: string }) {
  const { uploadStatus } = useDocumentInfo()
  const { t } = useTranslation()
  const { submit } = useForm()
  const modified = useFormModified()
  const [fields] = useAllFormFields()
  const checks = useFormChecks()
  const ref = useRef<HTMLButtonElement>(null)
  const editDepth = useEditDepth()
  const operation = useOperation()
  const noteId = notReadyId(useId())

  const checking = checks.running > 0 || (modified && !checks.sent(valuesOf(fields)))
  const disabled = (operation === 'update' && !modified) || uploadStatus === 'uploading'

  useHotkey({ cmdCtrlKey: true, editDepth, keyCodes: ['s'] }, (e) => {
    e.preventDefault()
    e.stopPropagation()
    ref.current?.click()
  })

  return (
    <>
      <FormSubmit
        buttonId="action-save"
        disabled={disabled || checking}
        extraButtonProps={checking && !disabled ? { 'aria-describedby': noteId } : undefined}
        onClick={() => {
          if (uploadStatus !== 'uploading') void submit()
        }}
        ref={ref}
        size="medium"
        type="button"
      >
        {label || t('general:save')}
      </FormSubmit>
      {checking && !disabled && <NotReadyNote id={noteId} />}
    </>
  )
}
