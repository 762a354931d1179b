package sim

// Class is the kind of reason a waiting job waits for: a small fixed set, so that all waiting can
// be accounted by class (Result.WaitBy) and compared between policies.
type Class uint8

// Reason classes.
const (
	NoClass Class = iota
	// Capacity: fewer idle GPUs in the whole cluster than the job needs.
	Capacity
	// Shape: enough idle GPUs, but not in a shape the job can take (one server, one allowed GPU
	// type, whole servers, or the host CPU and memory its GPUs need).
	Shape
	// Order: the policy ranks other jobs first.
	Order
	// Held: a rule of the policy keeps the job back (a reservation, a gang or interference rule,
	// a round boundary).
	Held
	// Script: the reason a scripted policy gave.
	Script
	// NumClasses bounds the classes (arrays indexed by Class).
	NumClasses
)

var classNames = [NumClasses]string{"", "capacity", "shape", "order", "held", "script"}

// String is the class's name as the runner, the jobs CSV and JSON print it.
func (c Class) String() string {
	if c >= NumClasses {
		return "?"
	}
	return classNames[c]
}

// Classes are the reason classes in their fixed order (capacity, shape, order, held, script).
func Classes() []Class { return []Class{Capacity, Shape, Order, Held, Script} }

// A Rule is one of a policy's named reasons, declared once (a package-level variable) and given
// by pointer, so that telling whether a job's reason changed is a comparison of pointers. Text is
// the rule in words; Key, for an order rule, names the policy's sort key and Unit its unit (the
// value travels in the Reason).
type Rule struct {
	Class     Class
	Text      string
	Key, Unit string
}

// Reason is what a policy gives for one waiting job at one decision (View.Wait): a rule, the job
// it refers to (the first one ranked ahead, or the one a reservation is for; -1 none), how many
// waiting jobs are ranked ahead (-1 unknown) and the job's own key (Rule.Key names it).
type Reason struct {
	Rule *Rule
	Job  int
	N    int
	Key  float64
}

// Because is rule r with nothing more to say.
func Because(r *Rule) Reason { return Reason{Rule: r, Job: -1, N: -1} }

// Behind is an order reason: ranked behind n waiting jobs (-1 unknown), the first of them first
// (-1 unknown), with the job's own key (ignored when r names none).
func Behind(r *Rule, first, n int, key float64) Reason {
	return Reason{Rule: r, Job: first, N: n, Key: key}
}

// About is reason r referring to job i (the job a reservation or a rule is for).
func About(r *Rule, i int) Reason { return Reason{Rule: r, Job: i, N: -1} }

// The engine's own rules: capacity and shape come from the free GPUs when the policy could not
// place a job (View.NoRoom), the others when a policy gives no reason for a job that started to
// wait (see the package's README).
var (
	ruleCapacity     = &Rule{Class: Capacity}
	ruleShapeType    = &Rule{Class: Shape, Text: "type"}
	ruleShapeBlock   = &Rule{Class: Shape, Text: "block"}
	ruleShapeWhole   = &Rule{Class: Shape, Text: "whole"}
	ruleShapeHost    = &Rule{Class: Shape, Text: "host"}
	ruleNoRoom       = &Rule{Class: Shape, Text: "unplaced"} // View.NoRoom: capacity or shape, decided at the instant's end
	ruleStartedFirst = &Rule{Class: Order, Text: "the policy started them first, taking the GPUs it would have fitted"}
	rulePassedOver   = &Rule{Class: Order, Text: "the policy started other jobs, or none, though GPUs of its shape were free"}
	ruleNextRound    = &Rule{Class: Held, Text: "decisions are made at round ticks only; the next is at"}
)
