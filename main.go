package main

import (
	"os"

	"github.com/novaluna/novaluna/cmd"
)

func main() { os.Exit(cmd.Main(os.Args[1:], cmd.SystemStreams())) }
