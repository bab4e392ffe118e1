/**
 * Resident memory of a process and everything it started, read from /proc (Linux): what a small server's
 * memory budget is about. Used by the benchmark and the soak script; never by a test's assertion.
 */
import fs from 'node:fs'

const MB = 1024 * 1024

function childrenOf(pid: number): number[] {
  // /proc/<pid>/task/<tid>/children lists the children each thread started.
  const tasks = (() => {
    try {
      return fs.readdirSync(`/proc/${pid}/task`)
    } catch {
      return []
    }
  })()
  return tasks.flatMap((tid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    } catch {
      return []
    }
  })
}

function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
    return kb ? Number(kb) * 1024 : 0
  } catch {
    return 0 // ended meanwhile
  }
}

/** The resident memory of `pid` and its descendants, in bytes. */
export function treeRss(pid: number): number {
  let total = 0
  const queue = [pid]
  while (queue.length > 0) {
    const next = queue.pop() as number
    total += rssOf(next)
    queue.push(...childrenOf(next))
  }
  return total
}

/** Samples a process tree's resident memory every `everyMs` until stopped; gives the highest seen. */
export function peakSampler(pid: number, everyMs = 100): { stop: () => number } {
  let peak = treeRss(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid))
  }, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      return Math.max(peak, treeRss(pid))
    },
  }
}

export const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} MB`
