'use client'

import { FieldLabel, useField } from '@payloadcms/ui'

/** A purchase's intake answers as the buyer gave them: each question, then its answer ("No answer" when skipped). */
export function IntakeAnswers({ path }: { path: string }) {
  const { value } = useField<{ question: string; answer: string }[] | null>({ path })
  const answers = Array.isArray(value) ? value : []
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base, 1.5rem)' }}>
      <FieldLabel label="Intake answers" />
      {answers.length === 0 ? (
        <p>None.</p>
      ) : (
        <dl id="intake-answers">
          {answers.map((a, i) => (
            <div key={i} style={{ marginBottom: '0.75rem' }}>
              <dt style={{ fontWeight: 600 }}>{a.question}</dt>
              <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{a.answer || 'No answer'}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
