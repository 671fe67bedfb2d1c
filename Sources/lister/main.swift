print("lister")
