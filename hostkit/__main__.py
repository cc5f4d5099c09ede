from hostkit.cli import main

main()
