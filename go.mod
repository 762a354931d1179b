module schedlab

go 1.26

require (
	github.com/go-echarts/go-echarts/v2 v2.6.7
	github.com/hack-pad/go-indexeddb v0.3.2
	github.com/yuin/goldmark v1.8.7
	go.starlark.net v0.0.0-20260908191801-89a6a09411d5
	gopkg.in/yaml.v3 v3.0.1
	honnef.co/go/js/dom/v2 v2.0.0-20231112215516-51f43a291193
)

require (
	github.com/hack-pad/safejs v0.1.0 // indirect
	github.com/kr/text v0.2.0 // indirect
	golang.org/x/sys v0.42.0 // indirect
)
