print("linkmatch: placeholder")
