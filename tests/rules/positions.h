#pragma once

/* Hand-built positions with their perft counts at depths 1 to 3. The counts come from
 * the core and are checked against the reference generator in test-reference. */
typedef struct {
  const char *text;
  guint64     perft[3];
} TestPosition;

static const TestPosition test_positions[] = {
  { "cubic8-4p 1:KE1w,NB4p 2:KA8k,NB8k,NA7k,NB7k,NA8p,NA7p,NB7p,PB8p 3:KH8w 4:KD4g turn=1", { 27, 1464, 10514 } },
  { "cubic8-teams-13 1:KE1w,NB4p 2:KA8k,NB8k,NA7k,NB7k,NA8p,NA7p,NB7p,PB8p 3:KH8w 4:KD4g turn=1", { 27, 1566, 10962 } },
  { "cubic8-teams-13 1:KE1w,RB1k,RA1p,RB1p,RH6k 2:KA8k 3:KH8w 4:KD4g turn=1", { 79, 145, 1015 } },
  { "cubic8-4p 1:KE1w,RD3w 2:KA8k,RE5w 3:KH8w,RA1w 4:KD4g turn=1", { 8, 224, 5840 } },
  { "cubic8-teams-12 1:KE1w,PD2w* 2:KA8k,PC4w 3:KH8w,PE4w 4:KD4g turn=1", { 16, 128, 1288 } },
  { "grossraumschach r:E1d6,R6a2,B5f4 o:E6a6,S5a5,R6b6,R6c6,U5a6,U6b5,U5b6 g:E6d1 b:E1d1 turn=r hand-r=SU", { 446, 2540, 10850 } },
  { "grossraumschach r:E1d6*,R1a6* o:E6a6,R6b6 g:E6d1 b:E1d1 turn=r hand-o=PN", { 22, 3014, 31873 } },
  { "grossraumschach-warders r:E1d6 o:E6a6 g:E6d1 b:E1d1 turn=r hand-r=W hand-g=WW", { 189, 1306, 243089 } },
  { "cubic8 w:KE1w*,RH1w*,RA1w*,PD2w* b:KE8k*,RA8k*,RH8k*,PC4w,PC3r,PC4r turn=w ep=-", { 50, 2559, 135129 } },
  { "cubic8 w:KA1w,PD4w b:KH8k,PC4w turn=b ep=D3w,D4w", { 9, 86, 1298 } },
  { "nihongi w:Ke5,Pa1,Qb2 b:Ki9,Rh2,Hg7 turn=b checked=-", { 16, 289, 6036 } },
  { "raumschach w:KAc1,QCb5,REb4,PDd4 b:KEa5,PBe2 turn=w", { 55, 189, 10191 } },
  { "parton-compulsion w:KAa1,RAa3,PBb2 b:KFf6,PAa5,NCc3 turn=w", { 2, 42, 716 } },
  { "parton w:KAa1,QCc3 b:KFf6,PEe5,UDd4 turn=b", { 27, 894, 18649 } },
};
