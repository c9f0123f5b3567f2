import HashlifeCLI
HashlifeCommand.main()
