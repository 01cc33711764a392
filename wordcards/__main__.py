from wordcards.cli import main

main()
