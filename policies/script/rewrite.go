package script

import (
	"go.starlark.net/syntax"
)

// The interpreter counts steps but not bytes: one step of `[0] * 1000000000` or `"x" * n`, or of a
// join, a replace or a str() of a list that holds itself a few times over, can ask for gigabytes.
// Before compiling, the parsed file is rewritten so that each operator and method that can
// build something large goes through a guard that charges its size to the run's allocation
// budget (meter.go) first and refuses when it is spent:
//
//	x + y, x * y, x % y, x << y  →  $add(x, y), $mul(x, y), $mod(x, y), $shl(x, y)
//	x += y (and *=, %=, <<=)     →  x = $iadd(x, y) (+= keeps extending a list in place), or
//	                                 $aug(a, i, "+", y) for a[i] += y
//	x.join, x.replace, …         →  $method(x, "join"), …
//
// And a loop's head is given the loop's line: the interpreter gives an instruction the line of the
// last expression that names one (an operator, a call, a local), so the steps of `while True:
// pass` would count at the function's def line and a spent step limit would be reported there.
// `while C:` becomes `while $loop and C:` ($loop is True and names the while's position), two
// steps more per turn.
//
// The guards' names cannot be written in a script ($ is not an identifier character), so a
// script cannot shadow or call them, and each call is placed at the operator's position so an
// error names the script's own line. Operators whose result cannot be large are left alone: a +
// or % with a number literal on the right, a * with a float literal.

// guardedMethods are the methods of the built-in types whose result, or work, grows with the
// size of their receiver or arguments in a single step.
var guardedMethods = map[string]bool{
	"join": true, "replace": true, "format": true, "split": true, "rsplit": true,
	"splitlines": true, "elems": true, "codepoints": true, "elem_ords": true,
	"codepoint_ords": true, "extend": true, "update": true, "items": true, "keys": true,
	"values": true,
}

var guardOps = map[syntax.Token]string{
	syntax.PLUS: "$add", syntax.STAR: "$mul", syntax.PERCENT: "$mod", syntax.LTLT: "$shl",
}

var augOps = map[syntax.Token]syntax.Token{
	syntax.PLUS_EQ: syntax.PLUS, syntax.STAR_EQ: syntax.STAR, syntax.PERCENT_EQ: syntax.PERCENT,
	syntax.LTLT_EQ: syntax.LTLT,
}

func rewriteFile(f *syntax.File) {
	f.Stmts = rewriteStmts(f.Stmts)
}

func rewriteStmts(ss []syntax.Stmt) []syntax.Stmt {
	for i, s := range ss {
		ss[i] = rewriteStmt(s)
	}
	return ss
}

func rewriteStmt(s syntax.Stmt) syntax.Stmt {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		s.RHS = rewriteExpr(s.RHS)
		op, ok := augOps[s.Op]
		if !ok {
			s.LHS = rewriteExpr(s.LHS)
			return s
		}
		switch lhs := s.LHS.(type) {
		case *syntax.Ident:
			name := "$iadd"
			if op != syntax.PLUS {
				name = guardOps[op]
			}
			s.RHS = call(name, s.OpPos, &syntax.Ident{NamePos: lhs.NamePos, Name: lhs.Name}, s.RHS)
			s.Op = syntax.EQ
			return s
		case *syntax.IndexExpr:
			x, y := rewriteExpr(lhs.X), rewriteExpr(lhs.Y)
			opName := &syntax.Literal{Token: syntax.STRING, TokenPos: s.OpPos, Raw: `"` + op.String() + `"`, Value: op.String()}
			return &syntax.ExprStmt{X: call("$aug", s.OpPos, x, y, opName, s.RHS)}
		}
		s.LHS = rewriteExpr(s.LHS) // a.b += c: the resolver or the run refuses it
		return s
	case *syntax.DefStmt:
		for i, p := range s.Params {
			s.Params[i] = rewriteExpr(p)
		}
		s.Body = rewriteStmts(s.Body)
	case *syntax.ExprStmt:
		s.X = rewriteExpr(s.X)
	case *syntax.IfStmt:
		s.Cond = rewriteExpr(s.Cond)
		s.True = rewriteStmts(s.True)
		s.False = rewriteStmts(s.False)
	case *syntax.ForStmt:
		s.X = rewriteExpr(s.X)
		s.Body = rewriteStmts(s.Body)
	case *syntax.WhileStmt:
		// while C → while $loop and C: a step of the loop's head is at the loop's line
		s.Cond = &syntax.BinaryExpr{OpPos: s.While, Op: syntax.AND,
			X: &syntax.Ident{NamePos: s.While, Name: "$loop"}, Y: rewriteExpr(s.Cond)}
		s.Body = rewriteStmts(s.Body)
	case *syntax.ReturnStmt:
		if s.Result != nil {
			s.Result = rewriteExpr(s.Result)
		}
	}
	return s
}

func rewriteExprs(es []syntax.Expr) {
	for i, e := range es {
		es[i] = rewriteExpr(e)
	}
}

func rewriteExpr(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.BinaryExpr:
		e.X, e.Y = rewriteExpr(e.X), rewriteExpr(e.Y)
		if name, ok := guardOps[e.Op]; ok && !small(e) {
			return call(name, e.OpPos, e.X, e.Y)
		}
	case *syntax.DotExpr:
		e.X = rewriteExpr(e.X)
		if guardedMethods[e.Name.Name] {
			name := &syntax.Literal{Token: syntax.STRING, TokenPos: e.NamePos, Raw: `"` + e.Name.Name + `"`, Value: e.Name.Name}
			return call("$method", e.Dot, e.X, name)
		}
	case *syntax.CallExpr:
		e.Fn = rewriteExpr(e.Fn)
		rewriteExprs(e.Args)
	case *syntax.UnaryExpr:
		if e.X != nil {
			e.X = rewriteExpr(e.X)
		}
	case *syntax.ParenExpr:
		e.X = rewriteExpr(e.X)
	case *syntax.IndexExpr:
		e.X, e.Y = rewriteExpr(e.X), rewriteExpr(e.Y)
	case *syntax.SliceExpr:
		e.X = rewriteExpr(e.X)
		for _, p := range []*syntax.Expr{&e.Lo, &e.Hi, &e.Step} {
			if *p != nil {
				*p = rewriteExpr(*p)
			}
		}
	case *syntax.ListExpr:
		rewriteExprs(e.List)
	case *syntax.TupleExpr:
		rewriteExprs(e.List)
	case *syntax.DictExpr:
		rewriteExprs(e.List)
	case *syntax.DictEntry:
		e.Key, e.Value = rewriteExpr(e.Key), rewriteExpr(e.Value)
	case *syntax.CondExpr:
		e.Cond, e.True, e.False = rewriteExpr(e.Cond), rewriteExpr(e.True), rewriteExpr(e.False)
	case *syntax.LambdaExpr:
		rewriteExprs(e.Params)
		e.Body = rewriteExpr(e.Body)
	case *syntax.Comprehension:
		e.Body = rewriteExpr(e.Body)
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *syntax.ForClause:
				c.X = rewriteExpr(c.X)
			case *syntax.IfClause:
				c.Cond = rewriteExpr(c.Cond)
			}
		}
	}
	return e
}

// small reports whether a binary operation's result is a number or an error whatever its left
// operand: x + 1, x % 2, x * 1.5.
func small(e *syntax.BinaryExpr) bool {
	lit, ok := e.Y.(*syntax.Literal)
	if !ok {
		return false
	}
	switch e.Op {
	case syntax.PLUS, syntax.PERCENT:
		return lit.Token == syntax.INT || lit.Token == syntax.FLOAT
	case syntax.STAR:
		return lit.Token == syntax.FLOAT
	}
	return false
}

func call(name string, pos syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: name}, Lparen: pos, Args: args, Rparen: pos}
}
