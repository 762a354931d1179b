package script

import (
	"fmt"

	"go.starlark.net/starlark"
)

// memory counts what a run's script holds: the values reachable from s.store (kept across calls:
// the script's only memory, its globals being frozen) and, during a call, from the call's local
// variables. The count is a walk of those values, each list, dict and set once, at sizes fixed
// below (not the Go heap, which differs between platforms and collectors), so the same script
// passes its budget at the same step, natively and under wasm.
//
// Walking is not free, so it happens only when the script may have come near its budget: after
// as many steps as the headroom left could fill at bytesPerStep (one interpreter step builds at
// most one element or entry), and before a guarded operation that would build more than the
// headroom (its units at bytesPerUnit). Values a call builds and drops are not counted once they
// are dropped; a value the interpreter holds only on its stack (a comprehension being built) is
// counted once it is assigned.
type memory struct {
	p      *Policy
	budget int64
	held   int64  // bytes at the last count
	peak   int64  // the most any count found
	grown  int64  // bytes guarded operations may have built since the last count
	next   uint64 // the step at which the next count is due
	counts int    // how many counts were made
	seen   map[starlark.Value]struct{}
	stack  []starlark.Value
}

// Sizes, in bytes, of what a script holds: about what the interpreter's Go values take on a
// 64-bit platform, hash tables with their slack (the process itself takes up to about twice what
// it holds, the collector's own slack).
const (
	sizeScalar   = 16 // an int, a float: boxed in an interface
	sizeString   = 32 // plus its bytes
	sizeTuple    = 32 // plus 16 per element
	sizeList     = 64 // plus 16 per element
	sizeDict     = 96 // plus 96 per entry
	sizeSet      = 96 // plus 64 per element
	sizeOther    = 32 // any other value a script can make (a function, a lambda's cell)
	perElement   = 16
	perEntry     = 96
	perSetMember = 64

	bytesPerStep  = 128     // the most one interpreter step can build without a guard charging it
	bytesPerUnit  = 16      // per element or byte a guarded operation builds
	minCountSteps = 1 << 18 // the least number of steps between two counts
)

func (m *memory) reset(p *Policy, budget int64) {
	*m = memory{p: p, budget: budget, seen: m.seen, stack: m.stack[:0]}
	m.schedule(p.thread.Steps)
}

// schedule sets the step of the next count from the headroom left.
func (m *memory) schedule(steps uint64) {
	room := max(m.budget-m.held, 0)
	m.next = steps + max(uint64(room/bytesPerStep), minCountSteps)
}

// grew is told before a guarded operation builds units elements: it counts when the operation
// could take the script past its budget, and refuses it when it would.
func (m *memory) grew(units int64) error {
	add := units * bytesPerUnit
	m.grown += add
	if m.held+m.grown <= m.budget {
		return nil
	}
	if err := m.count(); err != nil {
		return err
	}
	if m.held+add > m.budget {
		return m.over(m.held + add)
	}
	m.grown = add
	return nil
}

// count walks what the script holds now and fails when it is over the budget.
func (m *memory) count() error {
	m.counts++
	m.grown = 0
	m.held = m.walk()
	m.peak = max(m.peak, m.held)
	m.schedule(m.p.thread.Steps)
	if m.held > m.budget {
		return m.over(m.held)
	}
	return nil
}

func (m *memory) over(n int64) error {
	return fmt.Errorf("memory budget of %s spent: the script would hold more than that (%s counted: s.store and the values of the running call; the runner's -script-memory and the page's Script memory raise it)",
		megabytes(m.budget), megabytes(n))
}

func megabytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// walk is the size of everything reachable from the store and the running call's locals,
// stopping as soon as it passes the budget (a value that holds itself many times over is not
// walked to the end).
func (m *memory) walk() int64 {
	if m.seen == nil {
		m.seen = map[starlark.Value]struct{}{}
	}
	clear(m.seen)
	m.stack = append(m.stack[:0], m.p.store)
	th := m.p.thread
	for d := 0; d < th.CallStackDepth(); d++ {
		fr := th.DebugFrame(d)
		for i := 0; i < fr.NumLocals(); i++ {
			if _, v := fr.Local(i); v != nil {
				m.stack = append(m.stack, v)
			}
		}
	}
	var n int64
	for len(m.stack) > 0 && n <= m.budget {
		v := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		n += m.size(v)
	}
	m.stack = m.stack[:0]
	return n
}

// size is v's own size; the values it holds are pushed to be walked.
func (m *memory) size(v starlark.Value) int64 {
	switch v := v.(type) {
	case starlark.NoneType, starlark.Bool, *job, *state, *server, *starlark.Builtin:
		return 0 // singletons, or the engine's and the program's own
	case starlark.Int:
		if _, ok := v.Int64(); ok {
			return sizeScalar
		}
		return sizeScalar + int64(v.BigInt().BitLen()/8)
	case starlark.Float:
		return sizeScalar
	case starlark.String:
		return sizeString + int64(len(v))
	case starlark.Bytes:
		return sizeString + int64(len(v))
	case starlark.Tuple:
		m.stack = append(m.stack, v...)
		return sizeTuple + perElement*int64(len(v))
	case *starlark.List:
		if m.once(v) {
			return 0
		}
		for i := 0; i < v.Len(); i++ {
			m.stack = append(m.stack, v.Index(i))
		}
		return sizeList + perElement*int64(v.Len())
	case *starlark.Dict:
		if m.once(v) {
			return 0
		}
		for _, kv := range v.Items() {
			m.stack = append(m.stack, kv[0], kv[1])
		}
		return sizeDict + perEntry*int64(v.Len())
	case *starlark.Set:
		if m.once(v) {
			return 0
		}
		it := v.Iterate()
		var e starlark.Value
		for it.Next(&e) {
			m.stack = append(m.stack, e)
		}
		it.Done()
		return sizeSet + perSetMember*int64(v.Len())
	case *jobList:
		if v.list == nil || m.once(v) {
			return 0
		}
		return sizeList + perElement*int64(v.list.Len()) // the jobs are the engine's
	}
	return sizeOther
}

// once reports whether v was walked already in this count, and marks it.
func (m *memory) once(v starlark.Value) bool {
	if _, ok := m.seen[v]; ok {
		return true
	}
	m.seen[v] = struct{}{}
	return false
}
