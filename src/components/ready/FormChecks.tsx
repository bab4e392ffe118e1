'use client'

import { ServerFunctionsContext, useServerFunctions } from '@payloadcms/ui'
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react'

type Fields = Record<string, { value?: unknown } | undefined>

/** The values of a form's fields, as one string to compare (the other parts of a field's state aside). */
export const valuesOf = (fields: Fields): string =>
  JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((path) => [path, fields[path]?.value ?? null]),
  )

type Checks = {
  /** How many checks of a form ("form-state" calls) are waiting for the server's answer. */
  running: number
  /** Whether a check has been sent with exactly these values (valuesOf) of a form's fields. */
  sent: (values: string) => boolean
}

const ChecksContext = createContext<Checks>({ running: 0, sent: () => true })

/** The checks of Payload's forms under way (FormChecks). */
export const useFormChecks = (): Checks => use(ChecksContext)

/** How many sets of values checked are remembered (a screen and its drawers). */
const REMEMBERED = 50

/**
 * Around the whole admin (Payload's `admin.components.providers`): Payload checks an edit screen's form on
 * the server a moment after each change (its "form-state" call) and takes in whether each field is valid
 * only from the answer. A save pressed before the answer judges the fields by the last one, and refuses
 * ("Please correct invalid fields.") a value just corrected. This counts those checks, by wrapping the call
 * Payload makes them with, and remembers which values were sent, so a Save button can wait until the form
 * it saves has been checked as it stands (ReadySaveButton).
 */
export function FormChecks({ children }: { children?: ReactNode }) {
  const functions = useServerFunctions()
  const [running, setRunning] = useState(0)
  const [sentValues, setSentValues] = useState<string[]>([])

  const getFormState = useCallback<typeof functions.getFormState>(
    async (args) => {
      if (args.formState) {
        const values = valuesOf(args.formState as Fields)
        setSentValues((sent) => [...sent.slice(1 - REMEMBERED), values])
      }
      setRunning((n) => n + 1)
      try {
        return await functions.getFormState(args)
      } finally {
        setRunning((n) => n - 1)
      }
    },
    [functions],
  )
  const wrapped = useMemo(() => ({ ...functions, getFormState }), [functions, getFormState])
  const checks = useMemo<Checks>(
    () => ({ running, sent: (values) => sentValues.includes(values) }),
    [running, sentValues],
  )
  return (
    <ServerFunctionsContext value={wrapped}>
      <ChecksContext value={checks}>{children}</ChecksContext>
    </ServerFunctionsContext>
  )
}
