// build/ holds packaging files and every build output: the site, the runners, the authors'
// checkouts. This go.mod makes it a module of its own, so that `go vet ./...` and `go test ./...`
// in the repository never take a Go file copied onto the site (a document links to it) for one
// of schedlab's packages.
module schedlab/build

go 1.26
