# Invented broken division for parser tests
Alpha, Ann              1850 2 3; 420 455; p12 1 2
Bravo, Bob 1 0; 380
Charlie, Cy; 410 401
Delta, Di               1650 3 x 0; 402 50
Echo, Ed                1600 0 2; 50 abc
Foxtrot, Flo            1500 1 2; 300 310; 99 1 2
