module schedlab

go 1.26
