print("fuzz placeholder")
