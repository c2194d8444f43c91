module sandtable

go 1.26.8
