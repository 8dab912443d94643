Van Der Berg-Hollander, Maximilian  1600 2 3; 455 510; p12 1 2
O'Brien, Kate           1550 1 0; 300 0; p12 2 0
Müller, Jürgen          1500 4 1; 388 290; p12 2 1
Tanaka, Yui                0 3 0; 401 50; p12 1 0
